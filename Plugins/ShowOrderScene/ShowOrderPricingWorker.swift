import OrdersKit
import SceneSDK

/// The order's total from the native pricing Worker (Plugins/NativePricing, in C), resolved
/// through the container by name with Swift types the host checks against the declared signatures.
///
/// Nil when the app loads no `[plugins.NativePricing]`: the screen then shows no total.
@MainActor
struct ShowOrderPricingWorker {
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

    /// "$8.10 (3 × $3.00 − $0.90)": quantity × unit price − discount, computed and formatted natively.
    func totalText(of order: Order) throws -> String {
        let quantity = Int64(order.quantity)
        let price = try unitPrice(order.item)
        let off = try discount(quantity, Double(quantity) * price)
        let sum = try format(try total(quantity, price, off))
        return "\(sum) (\(quantity) × \(try format(price)) − \(try format(off)))"
    }
}
