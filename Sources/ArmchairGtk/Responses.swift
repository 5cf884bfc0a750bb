/// The response IDs of Armchair's forms (positive, so they never clash with GTK's own).
enum Response {
    static let send: Int32 = 7
    static let close: Int32 = 8
    static let publish: Int32 = 9
}
