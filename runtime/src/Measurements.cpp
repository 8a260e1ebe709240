//===- Measurements.cpp - Measurements to and from JSON -------------------===//
#include "cal/runtime/Measurements.h"

#include "cal/runtime/Json.h"

namespace cal {

using json::Value;

static Value triple(const unsigned T[3]) {
  Value A = Value::array();
  for (int I = 0; I < 3; ++I)
    A.push_back(T[I]);
  return A;
}

static void readTriple(const Value *V, unsigned T[3]) {
  if (!V || !V->is_array())
    return;
  for (size_t I = 0; I < 3 && I < json::elements(*V).size(); ++I)
    T[I] = unsigned(json::number(json::elements(*V)[I]));
}

static Value classToJson(const ClassCounters &C) {
  Value O = Value::object();
  O["instructions"] = C.Instructions;
  O["executed"] = C.Executed;
  O["op_executed"] = C.OpExecuted;
  O["thread_executed"] = C.ThreadExecuted;
  if (C.Requests > 0) {
    O["requests"] = C.Requests;
    O["requests_inferred"] = C.RequestsInferred;
  }
  O["sectors"] = C.Sectors;
  O["sectors_ideal"] = C.SectorsIdeal;
  O["wavefronts"] = C.Wavefronts;
  O["wavefronts_ideal"] = C.WavefrontsIdeal;
  O["divergent_targets"] = C.DivergentTargets;
  return O;
}

static ClassCounters classFromJson(const Value &O) {
  ClassCounters C;
  C.Instructions = unsigned(json::getNumber(O, "instructions"));
  C.Executed = json::getNumber(O, "executed");
  C.OpExecuted = json::getNumber(O, "op_executed");
  C.ThreadExecuted = json::getNumber(O, "thread_executed");
  if (json::get(O, "requests")) {
    C.Requests = json::getNumber(O, "requests");
    C.RequestsInferred = unsigned(json::getNumber(O, "requests_inferred"));
  }
  C.Sectors = json::getNumber(O, "sectors");
  C.SectorsIdeal = json::getNumber(O, "sectors_ideal");
  C.Wavefronts = json::getNumber(O, "wavefronts");
  C.WavefrontsIdeal = json::getNumber(O, "wavefronts_ideal");
  C.DivergentTargets = json::getNumber(O, "divergent_targets");
  return C;
}

json::Value toJson(const Measurements &M) {
  Value Root = Value::object();
  Root["version"] = 1;
  Root["tool"] = "cuda-access-verify";
  Root["command"] = M.Command;
  const DeviceMeasurement &D = M.Device;
  Value Dev = Value::object();
  Dev["name"] = D.Name;
  Dev["chip"] = D.Chip;
  Dev["compute_capability"] =
      std::to_string(D.ComputeMajor) + "." + std::to_string(D.ComputeMinor);
  Dev["sm_count"] = D.SmCount;
  if (D.ClockKHz > 0)
    Dev["clock_khz"] = D.ClockKHz;
  Dev["driver_version"] = D.DriverVersion;
  Dev["runtime_version"] = D.RuntimeVersion;
  Dev["cupti_version"] = D.CuptiVersion;
  Dev["memory_clock_khz"] = D.MemoryClockKHz;
  Dev["bus_width_bits"] = D.BusWidthBits;
  Dev["l2_bytes"] = D.L2Bytes;
  Dev["theoretical_peak_gbps"] = D.PeakGBps;
  Dev["copy_bytes"] = D.CopyBytes;
  Dev["copy_ms"] = D.CopyMs;
  Dev["copy_gbps"] = D.CopyGBps;
  Value Copies = Value::array();
  for (const DeviceMeasurement::Copy &C : D.Copies) {
    Value O = Value::object();
    O["bytes"] = C.Bytes;
    O["ms"] = C.Ms;
    O["gbps"] = C.GBps;
    Copies.push_back(std::move(O));
  }
  Dev["copies"] = std::move(Copies);
  Root["device"] = std::move(Dev);
  Value Sass = Value::array();
  for (const std::string &S : M.SassMetrics)
    Sass.push_back(S);
  Root["sass_metrics"] = std::move(Sass);
  Value RunNotes = Value::array();
  for (const std::string &N : M.Notes)
    RunNotes.push_back(N);
  Root["notes"] = std::move(RunNotes);

  Value Launches = Value::array();
  for (const LaunchMeasurement &L : M.Launches) {
    Value O = Value::object();
    O["label"] = L.Label;
    O["suite"] = L.Suite;
    O["file"] = L.SourceFile;
    O["line"] = L.Line;
    O["kernel"] = L.Kernel;
    O["mangled_name"] = L.MangledName;
    if (!L.DemangledName.empty())
      O["demangled_name"] = L.DemangledName;
    O["grid"] = triple(L.Grid);
    O["block"] = triple(L.Block);
    O["dynamic_shared_bytes"] = L.DynamicSharedBytes;
    O["bytes_read"] = L.BytesRead;
    O["bytes_written"] = L.BytesWritten;
    Value T = Value::object();
    T["runs"] = L.TimedRuns;
    T["median_ms"] = L.MedianMs;
    T["min_ms"] = L.MinMs;
    T["max_ms"] = L.MaxMs;
    O["timing"] = std::move(T);
    Value Metrics = Value::object();
    for (const auto &KV : L.Metrics)
      Metrics[KV.first] = KV.second;
    O["metrics"] = std::move(Metrics);
    Value Lines = Value::array();
    for (const LineMeasurement &LM : L.Lines) {
      Value LO = Value::object();
      LO["file"] = LM.File;
      LO["line"] = LM.Line;
      for (const auto &KV : LM.Classes)
        LO[KV.first] = classToJson(KV.second);
      Lines.push_back(std::move(LO));
    }
    O["lines"] = std::move(Lines);
    Value Notes = Value::array();
    for (const std::string &N : L.Notes)
      Notes.push_back(N);
    O["notes"] = std::move(Notes);
    Launches.push_back(std::move(O));
  }
  Root["launches"] = std::move(Launches);
  return Root;
}

Expected<Measurements> measurementsFromJson(const json::Value &Root) {
  if (!Root.is_object() ||
      json::getString(Root, "tool") != "cuda-access-verify")
    return Error::failure("not a cuda-access-verify measurements file");
  if (json::getNumber(Root, "version") != 1)
    return Error::failure("unsupported measurements version");
  Measurements M;
  M.Command = json::getString(Root, "command");
  if (const Value *D = json::get(Root, "device")) {
    DeviceMeasurement &Dev = M.Device;
    Dev.Name = json::getString(*D, "name");
    Dev.Chip = json::getString(*D, "chip");
    std::string CC = json::getString(*D, "compute_capability");
    if (size_t Dot = CC.find('.'); Dot != std::string::npos) {
      Dev.ComputeMajor = std::atoi(CC.substr(0, Dot).c_str());
      Dev.ComputeMinor = std::atoi(CC.substr(Dot + 1).c_str());
    }
    Dev.SmCount = int(json::getNumber(*D, "sm_count"));
    Dev.ClockKHz = json::getNumber(*D, "clock_khz"); // absent in older files: 0
    Dev.DriverVersion = int(json::getNumber(*D, "driver_version"));
    Dev.RuntimeVersion = int(json::getNumber(*D, "runtime_version"));
    Dev.CuptiVersion = int(json::getNumber(*D, "cupti_version"));
    Dev.MemoryClockKHz = json::getNumber(*D, "memory_clock_khz");
    Dev.BusWidthBits = json::getNumber(*D, "bus_width_bits");
    Dev.L2Bytes = json::getNumber(*D, "l2_bytes");
    Dev.PeakGBps = json::getNumber(*D, "theoretical_peak_gbps");
    Dev.CopyBytes = uint64_t(json::getNumber(*D, "copy_bytes"));
    Dev.CopyMs = json::getNumber(*D, "copy_ms");
    Dev.CopyGBps = json::getNumber(*D, "copy_gbps");
    if (const Value *Cs = json::get(*D, "copies"))
      for (const Value &C : json::elements(*Cs))
        Dev.Copies.push_back({uint64_t(json::getNumber(C, "bytes")),
                              json::getNumber(C, "ms"),
                              json::getNumber(C, "gbps")});
  }
  if (const Value *S = json::get(Root, "sass_metrics"))
    for (const Value &E : json::elements(*S))
      M.SassMetrics.push_back(json::string(E));
  if (const Value *N = json::get(Root, "notes"))
    for (const Value &E : json::elements(*N))
      M.Notes.push_back(json::string(E));
  const Value *Launches = json::get(Root, "launches");
  if (!Launches || !Launches->is_array())
    return Error::failure("measurements file has no 'launches' array");
  for (const Value &O : json::elements(*Launches)) {
    LaunchMeasurement L;
    L.Label = json::getString(O, "label");
    L.Suite = json::getString(O, "suite");
    L.SourceFile = json::getString(O, "file");
    L.Line = unsigned(json::getNumber(O, "line"));
    L.Kernel = json::getString(O, "kernel");
    L.MangledName = json::getString(O, "mangled_name");
    L.DemangledName = json::getString(O, "demangled_name");
    readTriple(json::get(O, "grid"), L.Grid);
    readTriple(json::get(O, "block"), L.Block);
    L.DynamicSharedBytes = unsigned(json::getNumber(O, "dynamic_shared_bytes"));
    L.BytesRead = uint64_t(json::getNumber(O, "bytes_read"));
    L.BytesWritten = uint64_t(json::getNumber(O, "bytes_written"));
    if (const Value *T = json::get(O, "timing")) {
      L.TimedRuns = unsigned(json::getNumber(*T, "runs"));
      L.MedianMs = json::getNumber(*T, "median_ms");
      L.MinMs = json::getNumber(*T, "min_ms");
      L.MaxMs = json::getNumber(*T, "max_ms");
    }
    if (const Value *Mx = json::get(O, "metrics"))
      for (const auto &KV : json::members(*Mx))
        if (KV.second.is_number())
          L.Metrics[KV.first] = json::number(KV.second);
    if (const Value *Lines = json::get(O, "lines"))
      for (const Value &LO : json::elements(*Lines)) {
        LineMeasurement LM;
        LM.File = json::getString(LO, "file");
        LM.Line = unsigned(json::getNumber(LO, "line"));
        for (const auto &KV : json::members(LO))
          if (KV.second.is_object())
            LM.Classes[KV.first] = classFromJson(KV.second);
        L.Lines.push_back(std::move(LM));
      }
    if (const Value *Notes = json::get(O, "notes"))
      for (const Value &N : json::elements(*Notes))
        L.Notes.push_back(json::string(N));
    M.Launches.push_back(std::move(L));
  }
  return M;
}

void mergeMeasurements(Measurements &Into, const Measurements &From) {
  if (Into.Device.Name.empty())
    Into.Device = From.Device;
  if (Into.Device.CopyMs == 0 && From.Device.CopyMs > 0) {
    Into.Device.CopyBytes = From.Device.CopyBytes;
    Into.Device.CopyMs = From.Device.CopyMs;
    Into.Device.CopyGBps = From.Device.CopyGBps;
  }
  if (Into.Device.ClockKHz == 0) // a file from before clock_khz existed
    Into.Device.ClockKHz = From.Device.ClockKHz;
  if (Into.Device.Copies.empty())
    Into.Device.Copies = From.Device.Copies;
  if (Into.SassMetrics.empty())
    Into.SassMetrics = From.SassMetrics;
  Into.Notes.insert(Into.Notes.end(), From.Notes.begin(), From.Notes.end());
  for (const LaunchMeasurement &F : From.Launches) {
    LaunchMeasurement *T = nullptr;
    for (LaunchMeasurement &L : Into.Launches)
      if (L.Label == F.Label)
        T = &L;
    if (!T) {
      Into.Launches.push_back(F);
      continue;
    }
    if (!T->Line)
      T->Line = F.Line;
    if (T->MangledName.empty()) {
      T->Kernel = F.Kernel;
      T->MangledName = F.MangledName;
      for (int I = 0; I < 3; ++I)
        T->Grid[I] = F.Grid[I], T->Block[I] = F.Block[I];
    }
    if (!T->TimedRuns && F.TimedRuns) {
      T->TimedRuns = F.TimedRuns;
      T->MedianMs = F.MedianMs;
      T->MinMs = F.MinMs;
      T->MaxMs = F.MaxMs;
    }
    for (const auto &KV : F.Metrics)
      T->Metrics.insert(KV);
    if (T->Lines.empty())
      T->Lines = F.Lines;
    T->Notes.insert(T->Notes.end(), F.Notes.begin(), F.Notes.end());
  }
}

std::string normalizeSourcePath(const std::string &Path) {
  size_t Pos = Path.rfind("kernels/");
  if (Pos == std::string::npos)
    return Path;
  // Only at a component boundary: "mykernels/x.cu" stays as it is.
  if (Pos != 0 && Path[Pos - 1] != '/')
    return Path;
  return Path.substr(Pos);
}

} // namespace cal
