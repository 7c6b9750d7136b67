#include "native_pricing.h"
#include <stdio.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

// What the host reads before running any code of this file: NUL-terminated
// "name<TAB>signature" records, ended by an empty one (the literal's own final NUL).
EXPORT const char scene_native_functions[] =
    "unit_price\tdouble(string)\0"
    "order_discount\tdouble(int64, double)\0"
    "order_total\tdouble(int64, double, double)\0"
    "format_price\tstring(double)\0"
    "price_rules\tint32(callback(void(string, double)))\0";

static const struct { const char *item; double price; } prices[] = {
    {"Tea", 2.50}, {"Cake", 4.00}, {"Coffee", 3.00},
};
static const int32_t price_count = sizeof prices / sizeof prices[0];

// The price of one `item`; 0 for an item the shop does not sell (or NULL).
EXPORT double unit_price(const char *item) {
    if (!item) return 0;
    for (int32_t index = 0; index < price_count; index++) {
        if (strcmp(prices[index].item, item) == 0) return prices[index].price;
    }
    return 0;
}

// 10% off from three of an item on.
EXPORT double order_discount(int64_t quantity, double subtotal) {
    return quantity >= 3 ? (double)(int64_t)(subtotal * 10.0 + 0.5) / 100.0 : 0;
}

// quantity x unit price - discount, never below zero.
EXPORT double order_total(int64_t quantity, double unit_price, double discount) {
    double total = (double)quantity * unit_price - discount;
    return total > 0 ? total : 0;
}

// "$12.50". The text lives in a per-thread buffer until the next call on the same thread: the
// host copies it at once.
EXPORT const char *format_price(double amount) {
    static __thread char text[48];
    snprintf(text, sizeof text, "$%.2f", amount);
    return text;
}

// Calls `rule` once per item the shop sells, with its price; returns how many.
EXPORT int32_t price_rules(void (*rule)(const char *item, double price)) {
    for (int32_t index = 0; index < price_count; index++) rule(prices[index].item, prices[index].price);
    return price_count;
}
