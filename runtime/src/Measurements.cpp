//===- Measurements.cpp - Measurements to and from JSON -------------------===//
#include "cal/runtime/Measurements.h"

namespace cal {

using json::Value;

static Value triple(const unsigned T[3]) {
  Value A = Value::array();
  for (int I = 0; I < 3; ++I)
    A.push(T[I]);
  return A;
}

static void readTriple(const Value *V, unsigned T[3]) {
  if (!V || !V->isArray())
    return;
  for (size_t I = 0; I < 3 && I < V->elements().size(); ++I)
    T[I] = unsigned(V->elements()[I].number());
}

static Value classToJson(const ClassCounters &C) {
  Value O = Value::object();
  O.set("instructions", C.Instructions);
  O.set("executed", C.Executed);
  O.set("op_executed", C.OpExecuted);
  O.set("thread_executed", C.ThreadExecuted);
  if (C.Requests > 0) {
    O.set("requests", C.Requests);
    O.set("requests_inferred", C.RequestsInferred);
  }
  O.set("sectors", C.Sectors);
  O.set("sectors_ideal", C.SectorsIdeal);
  O.set("wavefronts", C.Wavefronts);
  O.set("wavefronts_ideal", C.WavefrontsIdeal);
  O.set("divergent_targets", C.DivergentTargets);
  return O;
}

static ClassCounters classFromJson(const Value &O) {
  ClassCounters C;
  C.Instructions = unsigned(O.getNumber("instructions"));
  C.Executed = O.getNumber("executed");
  C.OpExecuted = O.getNumber("op_executed");
  C.ThreadExecuted = O.getNumber("thread_executed");
  if (O.get("requests")) {
    C.Requests = O.getNumber("requests");
    C.RequestsInferred = unsigned(O.getNumber("requests_inferred"));
  }
  C.Sectors = O.getNumber("sectors");
  C.SectorsIdeal = O.getNumber("sectors_ideal");
  C.Wavefronts = O.getNumber("wavefronts");
  C.WavefrontsIdeal = O.getNumber("wavefronts_ideal");
  C.DivergentTargets = O.getNumber("divergent_targets");
  return C;
}

json::Value toJson(const Measurements &M) {
  Value Root = Value::object();
  Root.set("version", 1);
  Root.set("tool", "cuda-access-verify");
  Root.set("command", M.Command);
  const DeviceMeasurement &D = M.Device;
  Value Dev = Value::object();
  Dev.set("name", D.Name);
  Dev.set("chip", D.Chip);
  Dev.set("compute_capability", std::to_string(D.ComputeMajor) + "." +
                                    std::to_string(D.ComputeMinor));
  Dev.set("sm_count", D.SmCount);
  if (D.ClockKHz > 0)
    Dev.set("clock_khz", D.ClockKHz);
  Dev.set("driver_version", D.DriverVersion);
  Dev.set("runtime_version", D.RuntimeVersion);
  Dev.set("cupti_version", D.CuptiVersion);
  Dev.set("memory_clock_khz", D.MemoryClockKHz);
  Dev.set("bus_width_bits", D.BusWidthBits);
  Dev.set("l2_bytes", D.L2Bytes);
  Dev.set("theoretical_peak_gbps", D.PeakGBps);
  Dev.set("copy_bytes", D.CopyBytes);
  Dev.set("copy_ms", D.CopyMs);
  Dev.set("copy_gbps", D.CopyGBps);
  Value Copies = Value::array();
  for (const DeviceMeasurement::Copy &C : D.Copies) {
    Value O = Value::object();
    O.set("bytes", C.Bytes);
    O.set("ms", C.Ms);
    O.set("gbps", C.GBps);
    Copies.push(std::move(O));
  }
  Dev.set("copies", std::move(Copies));
  Root.set("device", std::move(Dev));
  Value Sass = Value::array();
  for (const std::string &S : M.SassMetrics)
    Sass.push(S);
  Root.set("sass_metrics", std::move(Sass));
  Value RunNotes = Value::array();
  for (const std::string &N : M.Notes)
    RunNotes.push(N);
  Root.set("notes", std::move(RunNotes));

  Value Launches = Value::array();
  for (const LaunchMeasurement &L : M.Launches) {
    Value O = Value::object();
    O.set("label", L.Label);
    O.set("suite", L.Suite);
    O.set("file", L.SourceFile);
    O.set("line", L.Line);
    O.set("kernel", L.Kernel);
    O.set("mangled_name", L.MangledName);
    if (!L.DemangledName.empty())
      O.set("demangled_name", L.DemangledName);
    O.set("grid", triple(L.Grid));
    O.set("block", triple(L.Block));
    O.set("dynamic_shared_bytes", L.DynamicSharedBytes);
    O.set("bytes_read", L.BytesRead);
    O.set("bytes_written", L.BytesWritten);
    Value T = Value::object();
    T.set("runs", L.TimedRuns);
    T.set("median_ms", L.MedianMs);
    T.set("min_ms", L.MinMs);
    T.set("max_ms", L.MaxMs);
    O.set("timing", std::move(T));
    Value Metrics = Value::object();
    for (const auto &KV : L.Metrics)
      Metrics.set(KV.first, KV.second);
    O.set("metrics", std::move(Metrics));
    Value Lines = Value::array();
    for (const LineMeasurement &LM : L.Lines) {
      Value LO = Value::object();
      LO.set("file", LM.File);
      LO.set("line", LM.Line);
      for (const auto &KV : LM.Classes)
        LO.set(KV.first, classToJson(KV.second));
      Lines.push(std::move(LO));
    }
    O.set("lines", std::move(Lines));
    Value Notes = Value::array();
    for (const std::string &N : L.Notes)
      Notes.push(N);
    O.set("notes", std::move(Notes));
    Launches.push(std::move(O));
  }
  Root.set("launches", std::move(Launches));
  return Root;
}

Expected<Measurements> measurementsFromJson(const json::Value &Root) {
  if (!Root.isObject() || Root.getString("tool") != "cuda-access-verify")
    return Error::failure("not a cuda-access-verify measurements file");
  if (Root.getNumber("version") != 1)
    return Error::failure("unsupported measurements version");
  Measurements M;
  M.Command = Root.getString("command");
  if (const Value *D = Root.get("device")) {
    DeviceMeasurement &Dev = M.Device;
    Dev.Name = D->getString("name");
    Dev.Chip = D->getString("chip");
    std::string CC = D->getString("compute_capability");
    if (size_t Dot = CC.find('.'); Dot != std::string::npos) {
      Dev.ComputeMajor = std::atoi(CC.substr(0, Dot).c_str());
      Dev.ComputeMinor = std::atoi(CC.substr(Dot + 1).c_str());
    }
    Dev.SmCount = int(D->getNumber("sm_count"));
    Dev.ClockKHz = D->getNumber("clock_khz"); // absent in older files: 0
    Dev.DriverVersion = int(D->getNumber("driver_version"));
    Dev.RuntimeVersion = int(D->getNumber("runtime_version"));
    Dev.CuptiVersion = int(D->getNumber("cupti_version"));
    Dev.MemoryClockKHz = D->getNumber("memory_clock_khz");
    Dev.BusWidthBits = D->getNumber("bus_width_bits");
    Dev.L2Bytes = D->getNumber("l2_bytes");
    Dev.PeakGBps = D->getNumber("theoretical_peak_gbps");
    Dev.CopyBytes = uint64_t(D->getNumber("copy_bytes"));
    Dev.CopyMs = D->getNumber("copy_ms");
    Dev.CopyGBps = D->getNumber("copy_gbps");
    if (const Value *Cs = D->get("copies"))
      for (const Value &C : Cs->elements())
        Dev.Copies.push_back({uint64_t(C.getNumber("bytes")), C.getNumber("ms"),
                              C.getNumber("gbps")});
  }
  if (const Value *S = Root.get("sass_metrics"))
    for (const Value &E : S->elements())
      M.SassMetrics.push_back(E.string());
  if (const Value *N = Root.get("notes"))
    for (const Value &E : N->elements())
      M.Notes.push_back(E.string());
  const Value *Launches = Root.get("launches");
  if (!Launches || !Launches->isArray())
    return Error::failure("measurements file has no 'launches' array");
  for (const Value &O : Launches->elements()) {
    LaunchMeasurement L;
    L.Label = O.getString("label");
    L.Suite = O.getString("suite");
    L.SourceFile = O.getString("file");
    L.Line = unsigned(O.getNumber("line"));
    L.Kernel = O.getString("kernel");
    L.MangledName = O.getString("mangled_name");
    L.DemangledName = O.getString("demangled_name");
    readTriple(O.get("grid"), L.Grid);
    readTriple(O.get("block"), L.Block);
    L.DynamicSharedBytes = unsigned(O.getNumber("dynamic_shared_bytes"));
    L.BytesRead = uint64_t(O.getNumber("bytes_read"));
    L.BytesWritten = uint64_t(O.getNumber("bytes_written"));
    if (const Value *T = O.get("timing")) {
      L.TimedRuns = unsigned(T->getNumber("runs"));
      L.MedianMs = T->getNumber("median_ms");
      L.MinMs = T->getNumber("min_ms");
      L.MaxMs = T->getNumber("max_ms");
    }
    if (const Value *Mx = O.get("metrics"))
      for (const auto &KV : Mx->members())
        if (KV.second.isNumber())
          L.Metrics[KV.first] = KV.second.number();
    if (const Value *Lines = O.get("lines"))
      for (const Value &LO : Lines->elements()) {
        LineMeasurement LM;
        LM.File = LO.getString("file");
        LM.Line = unsigned(LO.getNumber("line"));
        for (const auto &KV : LO.members())
          if (KV.second.isObject())
            LM.Classes[KV.first] = classFromJson(KV.second);
        L.Lines.push_back(std::move(LM));
      }
    if (const Value *Notes = O.get("notes"))
      for (const Value &N : Notes->elements())
        L.Notes.push_back(N.string());
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
