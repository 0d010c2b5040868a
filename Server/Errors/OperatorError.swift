/// An operator command that cannot do what was asked.
package struct OperatorError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
