import SproutScene
import SproutSession

/// Downloads on the injected clock: the sample's loaders (P18 `VirtualObjectLoader` on a
/// background queue, AC `CachingWebLoader`) without threads. A download of a size over the
/// session's `NetworkLink` reports its progress at each frame's time and completes on the first
/// frame at or past its end; `isLoading` holds meanwhile (P18 `virtualObjectLoader.isLoading`:
/// restart and the object menu wait for it).
public final class SimulatedLoader {
    /// One download under way.
    public struct Download: Sendable, Equatable {
        /// What is downloaded (a URL or a product key), its identity: asking again joins it.
        public var name: String
        /// Its size in bytes.
        public var bytes: Int
        /// The session time it was requested at.
        public var startedAt: Double
        /// Its progress, 0...1, at the last frame.
        public var progress: Double
    }

    /// The link downloads started from now on go over.
    public var link: NetworkLink
    /// The downloads under way, in the order they were asked for.
    public var downloads: [Download] { entries.map(\.download) }
    /// Whether anything is downloading.
    public var isLoading: Bool { !entries.isEmpty }

    private var entries: [(download: Download, link: NetworkLink, progress: [(Double) -> Void], completion: [() -> Void])] = []

    /// An idle loader over `link`.
    public init(link: NetworkLink = .standard) { self.link = link }

    /// Asks for `name` (`bytes` long) at session time `time`: a new download, or the one under
    /// way for that name, which then also reports to these handlers (as `CachingWebLoader`
    /// hands out the same load for the same URL). `progress` hears each frame's fraction;
    /// `completion` runs once at the end.
    public func load(_ name: String, bytes: Int, at time: Double, progress: ((Double) -> Void)? = nil, completion: (() -> Void)? = nil) {
        if let i = entries.firstIndex(where: { $0.download.name == name }) {
            if let progress { entries[i].progress.append(progress) }
            if let completion { entries[i].completion.append(completion) }
            return
        }
        entries.append(
            (
                Download(name: name, bytes: max(bytes, 0), startedAt: time, progress: 0), link,
                progress.map { [$0] } ?? [], completion.map { [$0] } ?? []
            ))
    }

    /// The progress of `name`, or nil when it is not downloading.
    public func progress(of name: String) -> Double? { entries.first { $0.download.name == name }?.download.progress }

    /// At a frame's `time`: every download's progress goes to its handlers; those done (progress
    /// 1) leave the list and complete, in the order they were asked for.
    public func update(at time: Double) {
        var done: [[() -> Void]] = []
        for i in entries.indices {
            let d = entries[i].download
            let p = entries[i].link.progress(bytes: d.bytes, elapsed: time - d.startedAt)
            entries[i].download.progress = p
            for handler in entries[i].progress { handler(p) }
            if p >= 1 { done.append(entries[i].completion) }
        }
        entries.removeAll { $0.download.progress >= 1 }
        for completions in done { for c in completions { c() } }
    }

    /// Forgets every download (their handlers never run).
    public func cancelAll() { entries.removeAll() }
}
