// The orders example's pricing Worker, in C: a plugin with native functions only (no scenes,
// no Swift). The host reads scene_native_functions from the file, then calls these by name.
#include <stdint.h>

double unit_price(const char *item);
double order_discount(int64_t quantity, double subtotal);
double order_total(int64_t quantity, double unit_price, double discount);
const char *format_price(double amount);
int32_t price_rules(void (*rule)(const char *item, double price));
