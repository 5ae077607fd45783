import Testing
@testable import SproutAssets

/// Where a JSON text first breaks RFC 8259, by line and column (columns in bytes, from 1).
@Suite struct JSONSyntaxTests {
    private func fault(_ text: String) -> String? { JSONSyntax.firstFault(in: Array(text.utf8))?.description }

    @Test func validTextsHaveNoFault() {
        for text in ["{}", " [ ] ", "0", "-0.5e+10", "\"a\\u00e9\\n\\\"\"", "{\"a\": [1, true, false, null, {\"b\": \"c\"}]}\n", "1E-3"] {
            #expect(fault(text) == nil, "\(text)")
        }
    }

    @Test func eachFaultIsPlacedAndNamed() {
        #expect(fault("") == "line 1, column 1: the text ends where a value is expected")
        #expect(fault("{]") == "line 1, column 2: unexpected ']' where a member name in double quotes is expected")
        #expect(fault("{\"a\":\n [1,\n 2,,]}") == "line 3, column 4: unexpected ',' where a value is expected")
        #expect(fault("{\"a\" 1}") == "line 1, column 6: expected ':' after a member name, found '1'")
        #expect(fault("[1 2]") == "line 1, column 4: expected ',' or ']', found '2'")
        #expect(fault("{\"a\": 1]") == "line 1, column 8: expected ',' or '}', found ']'")
        #expect(fault("{\"a\": [1, 2") == "line 1, column 12: the text ends inside an array")
        #expect(fault("{} x") == "line 1, column 4: unexpected 'x' after the document's one value")
        #expect(fault("[tru]") == "line 1, column 2: unexpected 't' where a value is expected")
        #expect(fault("[01]") == "line 1, column 3: expected ',' or ']', found '1'")
        #expect(fault("[1.]") == "line 1, column 4: a number's '.' not followed by a digit")
        #expect(fault("[1e]") == "line 1, column 4: a number's exponent has no digits")
        #expect(fault("[-x]") == "line 1, column 3: a '-' not followed by a digit")
        #expect(fault("{\"z\": 1e309}") == "line 1, column 7: the number 1e309 is too large for a double")
        #expect(fault("[\"a\tb\"]") == "line 1, column 4: a control character (byte 9) inside a string: it must be escaped")
        #expect(fault("[\"\\x\"]") == "line 1, column 4: unknown escape '\\x' in a string")
        #expect(fault("[\"\\u12g4\"]") == "line 1, column 4: \\u is not followed by four hexadecimal digits")
        #expect(fault("[\"abc") == "line 1, column 6: a string is not closed")
        #expect(fault("[\"abc\\") == "line 1, column 6: a string is not closed")
    }
}
