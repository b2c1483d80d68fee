import Foundation
import Testing

/// The real `nutrichat` binary in pipe mode fed bad input: random bytes, invalid UTF-8, a 1 MB line, empty input.
/// It must answer each bad line and exit 0, never crash. Skipped when the binary has not been built.
@Suite("Pipe mode with bad input", .enabled(if: NutriChatBinary.url != nil))
struct PipeRobustnessTests {
    func run(_ input: Data, json: Bool) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Fixtures.buildDatabase(in: folder)
        let binary = try #require(NutriChatBinary.url)
        var arguments = ["chat", "--home", folder.path, "--now", "2026-11-21T12:00:00"]
        if json { arguments.append("--json") }
        let child = try ChildProcess(binary, arguments: arguments)
        child.send(bytes: input)
        return child.finish()
    }

    @Test func randomBytesAndInvalidUTF8() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        bytes.append(contentsOf: [0x0A, 0xC3, 0x28, 0xA0, 0xA1, 0x0A, 0xF0, 0x28, 0x8C, 0xBC, 0x0A, 0x00, 0x0A])
        bytes.append(contentsOf: Array("a banana\n".utf8))
        let result = try run(bytes, json: true)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["reply"] is String)
        }
        #expect(result.stdout.contains("\"input\":\"a banana\""))
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrac"))
    }

    @Test func aOneMegabyteLineGetsAnAnswer() throws {
        let line = String(repeating: "banana ", count: 150_000) + "\n" + "2 eggs\n"
        let result = try run(Data(line.utf8), json: true)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("too long") == true)
        #expect(lines.last?.contains("\"logged\":[{") == true)
    }

    @Test func emptyInputAndBlankLines() throws {
        let empty = try run(Data(), json: false)
        #expect(empty.status == 0)
        #expect(empty.stdout.isEmpty)
        let blank = try run(Data("\n   \n\t\n".utf8), json: true)
        #expect(blank.status == 0)
        #expect(blank.stdout.isEmpty)
    }
}
