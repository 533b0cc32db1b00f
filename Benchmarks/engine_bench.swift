// engine_bench: headless throughput of the LinkKit session engine, and its memory with a large
// directory. Not a SwiftPM target: Benchmarks/run.sh compiles it with `swiftc -O` against the
// LinkKit module and objects of its release build (.build-bench/release, or $BENCH_SCRATCH/release),
// so it measures the code `swift build -c release` produced, through LinkKit's public API only.
//
//   engine_bench throughput [--seconds S] [--rounds R] [--mode engine|json|sink]
//       Full pass_good sessions (the steps of Tests/Scenarios/pass_good.txt: continue, search
//       "first platypus", select ins_109508, user_good/pass_good, every account, continue) on
//       a manual clock, one thread, in three modes:
//         engine  the driver and engine only (records not kept, no observer)
//         json    plus every record encoded as a JSON Lines line in memory (JSONWriter)
//         sink    plus every line written to /dev/null by JSONLinesSink (one write(2) a record)
//       Prints one JSON object per mode: sessions per second of each round and the median, and the
//       median per second of the thread's CPU time (steadier when other processes share the cores).
//       With --sessions N: exactly N sessions, untimed (for instruction counts: run it under
//       valgrind --tool=callgrind with N and 2N, and divide the difference by N).
//   engine_bench memory --institutions FILE
//       Loads FILE as the directory, indexes it for search, searches "first plat", and runs one
//       session that selects the best match: the process's peak RSS is what 100k institutions
//       cost the engine (run it under /usr/bin/time -f %M).

import Foundation
import LinkKit

#if canImport(Glibc)
import Glibc
#endif

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU time of this thread: less sensitive than wall time to other processes on a busy machine.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

enum Mode: String, CaseIterable { case engine, json, sink }

/// Encodes every record it sees into a JSON Lines buffer (kept in memory, reused).
final class Encoder {
    var writer = JSONWriter(capacity: 4096)
    var bytes = 0
    func take(_ record: SessionRecord) {
        writer.reset()
        record.write(to: &writer)
        writer.raw("\n")
        bytes &+= writer.count  // (not `bytes`, which copies them out)
    }
}

final class Counter { var records = 0; var successes = 0 }

/// One full pass_good session; returns false if it did not end in success.
@inline(never)
func session(configuration: SessionConfiguration, institution: String, query: String,
             attach: (SessionDriver) -> Void) -> Bool {
    let driver = SessionDriver(configuration: configuration, clock: ManualClock())
    driver.keepsRecords = false
    attach(driver)
    driver.start()
    do {
        driver.settle()
        try driver.send(.primary)                                   // continue (consent)
        driver.settle()
        try driver.send(.setQuery(query))                           // search first platypus
        driver.settle()
        try driver.send(.selectInstitution(id: institution))        // select
        driver.settle()
        try driver.send(.submitCredentials(username: "user_good", password: Secret("pass_good")))
        driver.settle()                                             // LOADING
        try driver.send(.submitAccounts(Array(driver.engine.accounts.indices)))  // accounts all
        driver.settle()
        try driver.send(.primary)                                   // continue (connected)
        driver.settle()
    } catch {
        FileHandle.standardError.write(Data("engine_bench: a step was rejected: \(error)\n".utf8))
        return false
    }
    return driver.engine.isFinished
}

func throughput(mode: Mode, seconds: Double, rounds: Int, fixed: Int?) -> [String: Any] {
    let configuration = SessionConfiguration(seed: 0)
    let encoder = Encoder()
    let counter = Counter()
    let sink = mode == .sink ? try! JSONLinesSink(path: "/dev/null") : nil
    let attach: (SessionDriver) -> Void
    switch mode {
    case .engine:
        attach = { _ in }
    case .json:
        attach = { driver in driver.observe { record in encoder.take(record) } }
    case .sink:
        attach = { driver in driver.observe { record in sink!.write(record) } }
    }
    // a first session that counts what a session emits (and checks it ends in success)
    let probe: (SessionDriver) -> Void = { driver in
        attach(driver)
        driver.observe { record in
            counter.records += 1
            if case .success = record { counter.successes += 1 }
        }
    }
    guard session(configuration: configuration, institution: "ins_109508", query: "first platypus", attach: probe),
          counter.successes == 1 else {
        FileHandle.standardError.write(Data("engine_bench: the pass_good session did not end in success\n".utf8))
        exit(1)
    }
    if let fixed {
        // exactly `fixed` sessions, no warm-up, no timing: what callgrind counts per session
        for _ in 0..<fixed { _ = session(configuration: configuration, institution: "ins_109508", query: "first platypus", attach: attach) }
        return ["mode": mode.rawValue, "sessions": fixed, "json_bytes": encoder.bytes]
    }
    // warm up, then rounds of at least `seconds` each
    for _ in 0..<200 { _ = session(configuration: configuration, institution: "ins_109508", query: "first platypus", attach: attach) }
    var rates: [Double] = []
    var cpuRates: [Double] = []
    var failures = 0
    for _ in 0..<rounds {
        var count = 0
        let start = monotonicSeconds()
        let cpuStart = threadCPUSeconds()
        var elapsed = 0.0
        repeat {
            for _ in 0..<100 {
                if !session(configuration: configuration, institution: "ins_109508", query: "first platypus", attach: attach) {
                    failures += 1
                }
            }
            count += 100
            elapsed = monotonicSeconds() - start
        } while elapsed < seconds
        rates.append(Double(count) / elapsed)
        cpuRates.append(Double(count) / (threadCPUSeconds() - cpuStart))
    }
    func median(_ xs: [Double]) -> Double {
        let sorted = xs.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    return ["mode": mode.rawValue, "records_per_session": counter.records, "failures": failures,
            "sessions_per_s": rates.map { ($0 * 10).rounded() / 10 }, "median_sessions_per_s": (median(rates) * 10).rounded() / 10,
            "median_sessions_per_cpu_s": (median(cpuRates) * 10).rounded() / 10,
            "json_bytes": encoder.bytes]
}

func memory(path: String) -> [String: Any] {
    let t0 = monotonicSeconds()
    let directory: InstitutionDirectory
    do {
        directory = try InstitutionDirectory.load(path: path)
    } catch {
        FileHandle.standardError.write(Data("engine_bench: \(error)\n".utf8))
        exit(2)
    }
    let loaded = monotonicSeconds()
    let search = InstitutionSearch(directory: directory)
    let indexed = monotonicSeconds()
    let matches = search.search("first plat", limit: 20)
    let searched = monotonicSeconds()
    guard let best = matches.first else {
        FileHandle.standardError.write(Data("engine_bench: nothing matches \"first plat\" in \(path)\n".utf8))
        exit(1)
    }
    let id = directory.records[best.index].id
    let ok = session(configuration: SessionConfiguration(seed: 0, directory: directory), institution: id,
                     query: "first plat", attach: { _ in })
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return withExtendedLifetime(search) {
        ["institutions": directory.records.count, "session_ok": ok,
         "load_ms": ((loaded - t0) * 1e5).rounded() / 100, "index_ms": ((indexed - loaded) * 1e5).rounded() / 100,
         "search_ms": ((searched - indexed) * 1e5).rounded() / 100, "maxrss_kb": usage.ru_maxrss]
    }
}

func emit(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
}

let args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    return args[i + 1]
}

switch args.first {
case "throughput":
    let seconds = option("--seconds").flatMap(Double.init) ?? 0.5
    let rounds = option("--rounds").flatMap(Int.init) ?? 5
    let only = option("--mode")  // engine, json or sink; all three by default
    for mode in Mode.allCases where only == nil || "\(mode)" == only {
        emit(throughput(mode: mode, seconds: seconds, rounds: rounds, fixed: option("--sessions").flatMap(Int.init)))
    }
case "memory":
    guard let path = option("--institutions") else {
        FileHandle.standardError.write(Data("engine_bench memory: give --institutions FILE\n".utf8))
        exit(2)
    }
    emit(memory(path: path))
default:
    FileHandle.standardError.write(Data("usage: engine_bench throughput [--seconds S] [--rounds R] [--mode M] [--sessions N] | memory --institutions FILE\n".utf8))
    exit(2)
}
