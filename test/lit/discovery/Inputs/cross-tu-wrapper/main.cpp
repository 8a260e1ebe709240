void launchEveryOther(float *d, int n, int threads);

// Called through a pointer whose target main passes.
static void timed(void (*f)(float *, int, int), float *d, int n) {
  int threads = 128;
  f(d, n, threads);
}

int main() {
  float *d = nullptr;
  launchEveryOther(d, 1 << 20, 256);
  timed(launchEveryOther, d, 4096);
  return 0;
}
