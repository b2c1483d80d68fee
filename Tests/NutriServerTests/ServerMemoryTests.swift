import Testing
import NutriServer

/// The allocator settings the server takes at start really reach glibc: for months the C file tested `__GLIBC__`
/// before any header had defined it, and `keepFreedMemory` compiled to "return 0" (nothing taken, nothing said).
@Suite("Server memory")
struct ServerMemoryTests {
    @Test func glibcTakesTheServersAllocatorSettings() {
        #if os(Linux)
        #expect(ServerMemory.keepFreedMemory(), "mallopt took every setting")
        #endif
    }
}
