#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The functions of the running executable, from its ELF symbol table, to name a code address.
///
/// On Linux `dladdr` sees only the dynamic symbol table, which a test binary's own functions
/// are not in; the full table (`.symtab`) has them, unless the binary was stripped. Read once,
/// on first use, from `/proc/self/exe` (mapped, never copied whole).
final class ExecutableSymbolTable: @unchecked Sendable {  // Read-only once made; the mapping is never unmapped.
  private struct Function {
    let start: UInt
    let end: UInt
    /// Offset of the name in the string table.
    let name: Int
  }

  private let functions: [Function]
  private let names: UnsafeRawBufferPointer
  /// Where the executable was loaded: its addresses are the table's plus this.
  private let loadBias: UInt

  /// The running executable's table, or `nil` where it cannot be read (not Linux, stripped).
  static let current: ExecutableSymbolTable? = ExecutableSymbolTable()

  private init?() {
    #if os(Linux)
      let descriptor = open("/proc/self/exe", O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_size > 64 else { return nil }
      let size = Int(status.st_size)
      // Kept mapped for the life of the process: the names are read from it.
      guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else {
        return nil
      }
      // Unmapped again unless the table is made (every `return nil` below).
      var isKept = false
      defer { if !isKept { munmap(mapping, size) } }
      let file = UnsafeRawBufferPointer(start: mapping, count: size)
      // ELF, 64-bit, little-endian.
      guard file[0] == 0x7F, file[1] == 0x45, file[2] == 0x4C, file[3] == 0x46, file[4] == 2, file[5] == 1 else {
        return nil
      }
      func u16(_ offset: Int) -> Int { Int(file.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
      func u32(_ offset: Int) -> Int { Int(file.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
      func u64(_ offset: Int) -> UInt { UInt(file.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
      func inFile(_ offset: Int, _ length: Int) -> Bool { offset >= 0 && length >= 0 && offset <= size - length }

      // The load bias: where the program headers are now, less where the file says they go.
      let programHeaders = Int(u64(0x20))
      let programHeaderSize = u16(0x36)
      let programHeaderCount = u16(0x38)
      var headersAddress = UInt(programHeaders)
      for index in 0..<programHeaderCount {
        let header = programHeaders + index * programHeaderSize
        guard inFile(header, 0x38) else { return nil }
        if u32(header) == 6 { headersAddress = u64(header + 0x10) }  // PT_PHDR's p_vaddr
      }
      typealias GetAuxiliaryValue = @convention(c) (UInt) -> UInt
      guard let getAuxiliaryValue = ProcessSymbol.function("getauxval", as: GetAuxiliaryValue.self) else { return nil }
      let headersNow = getAuxiliaryValue(3)  // AT_PHDR
      guard headersNow >= headersAddress else { return nil }
      loadBias = headersNow - headersAddress

      // The symbol table (SHT_SYMTAB) and the string table it links to.
      let sectionHeaders = Int(u64(0x28))
      let sectionHeaderSize = u16(0x3A)
      let sectionCount = u16(0x3C)
      var table: (offset: Int, size: Int, link: Int)?
      for index in 0..<sectionCount {
        let header = sectionHeaders + index * sectionHeaderSize
        guard inFile(header, 0x40) else { return nil }
        if u32(header + 4) == 2, u64(header + 0x38) == 24 {
          table = (Int(u64(header + 0x18)), Int(u64(header + 0x20)), u32(header + 0x28))
        }
      }
      guard let table, table.link < sectionCount, inFile(table.offset, table.size) else { return nil }
      let stringHeader = sectionHeaders + table.link * sectionHeaderSize
      let stringsOffset = Int(u64(stringHeader + 0x18))
      let stringsSize = Int(u64(stringHeader + 0x20))
      guard inFile(stringsOffset, stringsSize) else { return nil }
      names = UnsafeRawBufferPointer(rebasing: file[stringsOffset..<(stringsOffset + stringsSize)])

      var functions: [Function] = []
      for index in 0..<(table.size / 24) {
        let entry = table.offset + index * 24
        // STT_FUNC, defined (an address), named.
        guard file[entry + 4] & 0xF == 2, u64(entry + 8) != 0, u32(entry) < stringsSize else { continue }
        let start = u64(entry + 8)
        functions.append(Function(start: start, end: start + max(u64(entry + 16), 1), name: u32(entry)))
      }
      guard !functions.isEmpty else { return nil }
      functions.sort { $0.start < $1.start }
      self.functions = functions
      isKept = true
    #else
      return nil
    #endif
  }

  /// The mangled name of the executable's function containing `address`, if any.
  func functionName(containing address: UInt) -> String? {
    guard address >= loadBias else { return nil }
    let target = address - loadBias
    var low = 0
    var high = functions.count
    while low < high {
      let middle = (low + high) / 2
      if functions[middle].start <= target { low = middle + 1 } else { high = middle }
    }
    guard low > 0, target < functions[low - 1].end, let base = names.baseAddress else { return nil }
    return String(cString: base.advanced(by: functions[low - 1].name).assumingMemoryBound(to: CChar.self))
  }
}
