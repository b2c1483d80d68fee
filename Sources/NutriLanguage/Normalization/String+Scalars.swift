extension String {
    /// The text of `scalars`: ASCII ones (nearly all) are copied as bytes, others appended to a scalar view, which
    /// costs several times more.
    init(scalars: ArraySlice<Unicode.Scalar>) {
        if scalars.allSatisfy(\.isASCII) {
            self.init(unsafeUninitializedCapacity: scalars.count) { buffer in
                for (offset, scalar) in scalars.enumerated() { buffer[offset] = UInt8(truncatingIfNeeded: scalar.value) }
                return scalars.count
            }
            return
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        self = String(view)
    }
}
