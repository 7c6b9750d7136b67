/// About's use cases: it only shows what the app is made of.
enum About {}
