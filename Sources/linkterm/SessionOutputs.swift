import Foundation
import LinkKit
import LinkUI

/// The files a session writes as it goes (`--record`, `--events`, `--save-scenario`), closed
/// once it is over, in one place for both flavors: each waits a bounded time for a slow reader,
/// and each failure is said on standard error. Returns whether any output failed.
func finishSessionOutputs(recorder: CastRecorder?, record: String?, sink: JSONLinesSink?, events: String?,
                          saveScenario: String?, scenarioDescriptor: Int32?,
                          writeScenario: ((Int32) -> String?)?) -> Bool {
    var outputFailed = false
    if let recorder, let record {
        recorder.close()  // waits a bounded time for a slow reader
        outputFailed = reportOutput("--record", path: record, failure: recorder.failure?.outputFailure,
                                    unwritten: recorder.unwrittenLines, unit: "line")
    }
    if let sink, let events {
        let (failure, unwritten) = sink.finish()  // waits a bounded time for a slow reader
        outputFailed = reportOutput("--events", path: events, failure: failure, unwritten: unwritten,
                                    unit: "record") || outputFailed
    }
    if let saveScenario, let descriptor = scenarioDescriptor, let writeScenario {
        if let problem = writeScenario(descriptor) {
            printError("linkterm: --save-scenario \(saveScenario): writing failed: \(problem)")
            outputFailed = true
        }
        close(descriptor)
    }
    return outputFailed
}
