/// The response IDs of Armchair's dialogs (positive, so they never clash with GTK's own).
enum Response {
    static let rate: Int32 = 1
    static let remindLater: Int32 = 2
    static let decline: Int32 = 3
    static let yes: Int32 = 4
    static let no: Int32 = 5
    static let giveFeedback: Int32 = 6
    static let send: Int32 = 7
    static let close: Int32 = 8
    static let publish: Int32 = 9
}
