import OceanTOML
import Testing

/// TOML's rules on defining a key or a table twice, each refused with where the
/// first definition is.
@Suite struct RedefinitionTests {
    @Test func duplicateKeysNameTheFirst() {
        #expect(refusal("a = 1\nb = 2\na = 3") == TOMLError("duplicate key 'a' (first at line 1)", at: TOMLPosition(line: 3, column: 1)))
        #expect(refusal("[t]\nx = 1\n\nx = 2")?.message == "duplicate key 't.x' (first at line 2)")
        #expect(refusal("p = {x = 1, x = 2}")?.message == "duplicate key 'x' (first at column 6)")
        #expect(refusal("\"a b\" = 1\n'a b' = 2")?.message == "duplicate key '\"a b\"' (first at line 1)")
        #expect(refusal("a.b = 1\na.b = 2")?.message == "duplicate key 'a.b' (first at line 1)")
    }

    @Test func tablesDefinedTwice() {
        #expect(refusal("[a]\n[b]\n[a]") == TOMLError("duplicate table [a] (first at line 1)", at: TOMLPosition(line: 3, column: 1)))
        #expect(refusal("[a.b]\n[a]\n[a]")?.message == "duplicate table [a] (first at line 2)")
        #expect(refusal("a = 1\n[a]")?.message == "'a' is already an integer (line 1), not a table")
        #expect(refusal("[a]\nb = 1\n[a.b]")?.message == "'a.b' is already an integer (line 2), not a table")
        #expect(refusal("[[a]]\n[a]")?.message == "'a' is an array of tables ([[a]] at line 1); write [[a]] to add a table to it")
        #expect(refusal("[a]\n[[a]]")?.message == "'a' is already a table (line 1), not an array of tables")
        #expect(refusal("a = []\n[[a]]")?.message == "'a' is an array value (line 1); [[a]] adds only to an array of tables made by [[a]]")
        #expect(refusal("a = [{}]\n[a.b]")?.message == "'a' is an array value (line 1), not an array of tables; a header cannot add to it")
    }

    @Test func inlineTablesAreClosedToAdditions() {
        #expect(refusal("a = {x = 1}\n[a]")?.message == "'a' is an inline table (line 1); a header cannot add to it")
        #expect(refusal("a = {x = 1}\n[a.b]")?.message == "'a' is an inline table (line 1); a header cannot add to it")
        #expect(refusal("a = {x = 1}\na.y = 2")?.message == "'a' is an inline table (line 1); a dotted key cannot add to it")
        #expect(refusal("a = {b = {c = 1}, b.d = 2}")?.message == "'b' is an inline table (line 1); a dotted key cannot add to it")
        #expect(refusal("a = {b.c = 1}\n[a.b]") != nil)
        #expect(refusal("a = {b.c = 1, b.d = 2}") == nil, "dotted keys inside one inline table may share a table")
    }

    @Test func dottedKeysAndHeaders() {
        // The specification's own examples.
        #expect(refusal("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true") == nil)
        #expect(refusal("[fruit]\napple.color = \"red\"\n[fruit.apple]")?.message
            == "table 'fruit.apple' was already made by dotted keys at line 2; a header cannot define it again")
        #expect(refusal("[a.b.c]\nz = 9\n[a]\nb.c.t = 1")?.message
            == "table 'a.b.c' is defined by its header at line 1; a dotted key cannot add to it: write the key under that header")
        #expect(refusal("a.b = 1\n[x]\n[a]\nb.c = 2") != nil, "a dotted table is closed once its section ends")
        #expect(refusal("[a]\nb.c = 1\n[x]\n[a.b]") != nil)
        #expect(refusal("[x.y.z]\n[x]\ny.w = 1") == nil, "a table only implied by a header takes dotted keys")
        #expect(refusal("[[a]]\n[a.b]\n[[a]]\n[a.b]") == nil, "each element of an array of tables has its own subtables")
        // An inline table between two dotted keys of one section does not end it
        // (found by the differential fuzzer).
        #expect(refusal("name.first = { a.b = 1 }\nname.last = 2") == nil)
        #expect(refusal("[t]\nx.y = {}\nx.z = 1\n[u]") == nil)
        #expect(refusal("[[a.b]]\n[a]\nb.c = 1")?.message == "'a.b' is an array of tables ([[a.b]] at line 1); a dotted key cannot add to it")
    }
}
