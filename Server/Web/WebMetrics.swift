import Hummingbird

/// Counts every answer of the web door by route and status, and times it by route (`gorilla_web_requests_total`,
/// `gorilla_web_request_duration_seconds`): the route is the router's pattern, so no address a browser asks for can
/// add a series.
struct WebMetrics: RouterMiddleware {
    typealias Context = WebRequestContext
    let metrics: ServerMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        metrics.pageAnswered(
            route: context.endpointPath ?? "NotFound", status: response.status.code,
            duration: ContinuousClock.now - start)
        return response
    }
}
