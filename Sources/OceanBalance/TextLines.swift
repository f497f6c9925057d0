/// A data file's lines, whether they end in LF or CRLF (an editor on another system
/// saves either), without their ends. In Swift "\r\n" is one Character, so a split on
/// "\n" alone leaves a CRLF file one long line: every line reader goes through here.
public func textLines<S: StringProtocol>(_ text: S) -> [S.SubSequence] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
}
