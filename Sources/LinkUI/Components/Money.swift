import LinkKit
import LinkSDK

/// Money: amounts as a person reads them: thousands grouped, dollars to the cent.
enum Money {
    /// `value` in US dollars: `$1,500.00`; `< $0.01` for an amount above zero that rounds to
    /// nothing (a network fee), `-$3.50` below zero.
    static func usd(_ value: Double) -> String {
        guard value.isFinite else { return "$—" }
        if value > 0 && value < 0.005 { return "< $0.01" }
        let cents = Int64((abs(value) * 100).rounded())
        let text = "$" + grouped(String(cents / 100)) + "." + (cents % 100 < 10 ? "0" : "") + String(cents % 100)
        return value < 0 && cents > 0 ? "-" + text : text
    }

    /// An amount of an asset: its digits as ``MeshEngine/format(_:)`` writes them (up to 8
    /// places, no exponent), the whole part grouped by thousands: `1,500`, `0.000005`, `12,345.5`.
    static func amount(_ value: Double) -> String {
        let text = MeshEngine.format(value)
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", maxSplits: 1).map(String.init)
        guard let whole = parts.first else { return text }
        return (negative ? "-" : "") + grouped(whole) + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// `digits` with a comma every three from the right: `1234567` → `1,234,567`.
    static func grouped(_ digits: String) -> String {
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
