import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a suite whose tests start servers or processes: a hang fails its test instead of holding the
    /// run. Generous on purpose: every test of a run starts at once and they share two cores, so a test's clock runs
    /// for as long as the whole run does (about 2.5 minutes), however little of that time is its own.
    package static var hangLimit: Self { .timeLimit(.minutes(10)) }
}
