import OrdersKit
import SceneSDK

/// Prices orders with the native pricing Worker (Plugins/NativePricing, a C plugin), called
/// through the container by name: `NativePricing.*`, with Swift types the host checks against
/// the declared signatures when the interactor is built (and so in `scene-host check`).
///
/// Nil when the app loads no `[plugins.NativePricing]`: the list then shows no prices.
@MainActor
struct ListOrdersPricingWorker {
    private let unitPrice: (String) throws -> Double
    private let discount: (Int64, Double) throws -> Double
    private let total: (Int64, Double, Double) throws -> Double
    private let format: (Double) throws -> String

    init?(services: any ServiceResolving) throws {
        guard let unitPrice = try services.nativeFunction("NativePricing.unit_price", as: ((String) -> Double).self),
              let discount = try services.nativeFunction("NativePricing.order_discount", as: ((Int64, Double) -> Double).self),
              let total = try services.nativeFunction("NativePricing.order_total", as: ((Int64, Double, Double) -> Double).self),
              let format = try services.nativeFunction("NativePricing.format_price", as: ((Double) -> String).self)
        else { return nil }
        self.unitPrice = unitPrice
        self.discount = discount
        self.total = total
        self.format = format
    }

    /// The order's total (quantity × unit price − discount), computed natively.
    func total(of order: Order) throws -> Double {
        let quantity = Int64(order.quantity)
        let price = try unitPrice(order.item)
        return try total(quantity, price, try discount(quantity, Double(quantity) * price))
    }

    /// `$12.50`, formatted natively.
    func formatted(_ amount: Double) throws -> String { try format(amount) }
}
