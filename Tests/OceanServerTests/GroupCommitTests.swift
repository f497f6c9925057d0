import Foundation
import NIOConcurrencyHelpers
import Testing
@testable import OceanServer

/// Posts arriving together share one commit; each hears only its own outcome, and
/// only once its batch's commit has returned.
@Suite struct GroupCommitTests {
    struct Refused: Error, Equatable { var item: Int }
    struct Lost: Error {}

    /// A commit that takes 20 ms (a sync to disk): 40 submitted at once go in a few
    /// batches, in arrival order within each, and every caller gets its own number back.
    @Test func runsArrivingTogetherShareACommit() async throws {
        let batches = NIOLockedValueBox<[[Int]]>([])
        let committed = NIOLockedValueBox<Set<Int>>([])
        let group = GroupCommit<Int, Int>(maxBatch: 16) { items in
            try await Task.sleep(nanoseconds: 20_000_000)
            batches.withLockedValue { $0.append(items) }
            committed.withLockedValue { $0.formUnion(items) }
            return items.map { .success($0 * 10) }
        }
        try await withThrowingTaskGroup(of: (Int, Int, Bool).self) { tasks in
            for i in 0..<40 {
                tasks.addTask {
                    let outcome = try await group.submit(i)
                    // Answered only once its batch is committed.
                    return (i, outcome, committed.withLockedValue { $0.contains(i) })
                }
            }
            for try await (i, outcome, durable) in tasks {
                #expect(outcome == i * 10)
                #expect(durable, "item \(i) answered before its commit")
            }
        }
        let sizes = batches.withLockedValue { $0.map(\.count) }
        #expect(sizes.reduce(0, +) == 40)
        #expect(sizes.count < 40 && sizes.max()! > 1, "no batch formed: \(sizes)")
        #expect(sizes.allSatisfy { $0 <= 16 }, "a batch past its bound: \(sizes)")
        // A lone run afterwards commits alone, at once.
        #expect(try await group.submit(99) == 990)
        #expect(batches.withLockedValue { $0.last } == [99])
    }

    /// One item refused inside the batch fails that caller alone; a commit that fails
    /// as a whole fails every caller of the batch, and the next batch goes on.
    @Test func aRefusalIsItsOwnAndALostCommitIsEveryones() async throws {
        let failing = NIOLockedValueBox(false)
        let group = GroupCommit<Int, Int>(holdMilliseconds: 250) { items in
            if failing.withLockedValue({ $0 }) { throw Lost() }
            return items.map { $0 == 3 ? .failure(Refused(item: 3)) : .success($0) }
        }
        let results = await withTaskGroup(of: (Int, Result<Int, any Error>).self) { tasks in
            for i in 0..<6 {
                tasks.addTask { do { return (i, .success(try await group.submit(i))) } catch { return (i, .failure(error)) } }
            }
            var all: [Int: Result<Int, any Error>] = [:]
            for await (i, r) in tasks { all[i] = r }
            return all
        }
        for i in 0..<6 {
            switch results[i]! {
            case .success(let v): #expect(i != 3 && v == i)
            case .failure(let e): #expect(i == 3 && (e as? Refused) == Refused(item: 3), "\(i): \(e)")
            }
        }
        // While commits fail, every caller of every batch hears it (however the four
        // fall into batches); then the next batch goes on.
        failing.withLockedValue { $0 = true }
        let lost = await withTaskGroup(of: Bool.self) { tasks in
            for i in 10..<14 { tasks.addTask { (try? await group.submit(i)) == nil } }
            var n = 0
            for await failed in tasks where failed { n += 1 }
            return n
        }
        #expect(lost == 4, "a lost commit was not heard by all its callers")
        failing.withLockedValue { $0 = false }
        #expect(try await group.submit(20) == 20)
    }
}
