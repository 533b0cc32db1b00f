/// PreparedCollections: empty sets and dictionaries with room, made by generic code the
/// compiler never specialises.
///
/// The first set or dictionary of a type the program makes costs the Swift runtime a search
/// through every protocol conformance of the program (about 250,000 instructions, many pages
/// read), when the storage's type is built from its mangled name, as specialised code builds it:
/// the key's `Hashable` conformance is looked up by name. Generic code builds the same type from
/// the conformance it is handed, without a search. On the way to the first frame, a collection
/// is made here, with room for all it will hold (so that adding to it never builds the storage's
/// type again); anywhere else, write `[]` and `[:]` as usual.
package enum PreparedCollections {
    /// An empty set with room for `capacity` elements.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    package static func set<Element: Hashable>(room capacity: Int, of _: Element.Type = Element.self) -> Set<Element> {
        Set(minimumCapacity: capacity)
    }

    /// An empty dictionary with room for `capacity` entries.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    package static func dictionary<Key: Hashable, Value>(
        room capacity: Int, of _: Key.Type = Key.self, _: Value.Type = Value.self
    ) -> [Key: Value] {
        [Key: Value](minimumCapacity: capacity)
    }
}
