// No include guard: a second read defines the struct again.
struct pair_of_floats {
  float a, b;
};
