/// LinkSDK builds on the runtime both flavors share; an app that imports LinkSDK sees it too
/// (its clocks, secrets, timeline and scenario skeleton are part of the SDK's surface).
@_exported import LinkCore
