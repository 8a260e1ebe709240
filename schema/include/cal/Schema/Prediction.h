//===- Prediction.h - The prediction file's keys, written once --*- C++ -*-===//
//
// The analyzer writes the prediction file (cuda-access-lint --format=json,
// docs/prediction-schema.md) and the verifier reads it. Both take the
// schema's version and the names of the members the verifier reads from
// here, so that a renamed member cannot silently read as absent. Plain C++:
// the verifier builds where LLVM is not installed.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_SCHEMA_PREDICTION_H
#define CAL_SCHEMA_PREDICTION_H

namespace cal {

/// The major version: fields are only added within it, and
/// SchemaMinorVersion counts the additions (docs/prediction-schema.md,
/// "Versions").
inline constexpr int SchemaVersion = 1;
inline constexpr int SchemaMinorVersion = 10;

namespace key {
inline constexpr const char *Accesses = "accesses";
inline constexpr const char *ActiveLanes = "active_lanes";
inline constexpr const char *Arch = "arch";
inline constexpr const char *ArithmeticIntensity = "arithmetic_intensity";
inline constexpr const char *Assumed = "assumed";
inline constexpr const char *AssumedBlocks = "assumed_blocks";
inline constexpr const char *Block = "block";
inline constexpr const char *BoundBy = "bound_by";
inline constexpr const char *Branches = "branches";
inline constexpr const char *BytesPerLane = "bytes_per_lane";
inline constexpr const char *Certainty = "certainty";
inline constexpr const char *Classification = "classification";
inline constexpr const char *ClockMhz = "clock_mhz";
inline constexpr const char *Column = "column";
inline constexpr const char *Confidence = "confidence";
inline constexpr const char *DivergentWarpFraction = "divergent_warp_fraction";
inline constexpr const char *DramBytes = "dram_bytes";
inline constexpr const char *DramGbps = "dram_gbps";
inline constexpr const char *DynamicSharedBytes = "dynamic_shared_bytes";
inline constexpr const char *ExecutionsPerWarp = "executions_per_warp";
inline constexpr const char *File = "file";
inline constexpr const char *GlobalLoad = "global_load";
inline constexpr const char *GlobalStore = "global_store";
inline constexpr const char *Grid = "grid";
inline constexpr const char *GridThreads = "grid_threads";
inline constexpr const char *GridUnknown = "grid_unknown";
inline constexpr const char *Header = "header";
inline constexpr const char *Kernels = "kernels";
inline constexpr const char *Kind = "kind";
inline constexpr const char *Launch = "launch";
inline constexpr const char *LikelyPredicated = "likely_predicated";
inline constexpr const char *Line = "line";
inline constexpr const char *MangledName = "mangled_name";
inline constexpr const char *Max = "max";
inline constexpr const char *Mean = "mean";
inline constexpr const char *Min = "min";
inline constexpr const char *Modelled = "modelled";
inline constexpr const char *Name = "name";
inline constexpr const char *Notes = "notes";
inline constexpr const char *Occupancy = "occupancy";
inline constexpr const char *Ops = "ops";
inline constexpr const char *OpsPerClockPerSm = "ops_per_clock_per_sm";
inline constexpr const char *OpsPerThread = "ops_per_thread";
inline constexpr const char *Read = "read";
inline constexpr const char *Reason = "reason";
inline constexpr const char *ReferenceDevice = "reference_device";
inline constexpr const char *RequestsPerWarp = "requests_per_warp";
inline constexpr const char *Roofline = "roofline";
inline constexpr const char *SectorBytes = "sector_bytes";
inline constexpr const char *SectorsPerRequest = "sectors_per_request";
inline constexpr const char *SharedLoad = "shared_load";
inline constexpr const char *SharedStore = "shared_store";
inline constexpr const char *Site = "site";
inline constexpr const char *SmCount = "sm_count";
inline constexpr const char *Source = "source";
inline constexpr const char *Space = "space";
inline constexpr const char *Summary = "summary";
inline constexpr const char *TheoreticalOccupancyPct = "theoretical_occupancy_pct";
inline constexpr const char *TimeBoundUs = "time_bound_us";
inline constexpr const char *Tool = "tool";
inline constexpr const char *Total = "total";
inline constexpr const char *Version = "version";
inline constexpr const char *WavefrontsPerRequest = "wavefronts_per_request";
inline constexpr const char *Write = "write";
} // namespace key

} // namespace cal

#endif // CAL_SCHEMA_PREDICTION_H
