#include <cstdio>
#include <cstdlib>
#include "core/perft.h"
#include "script/loader.h"
using namespace regula;
int main(int argc, char** argv) {
  auto r = script::load_rules(argv[1]);
  if (!r) { fprintf(stderr, "%s\n", r.error().text().c_str()); return 1; }
  Position p(*r);
  int d = atoi(argv[2]);
  for (auto& [m, n] : perft_divide(p, d)) printf("%s%s %llu\n", (*r)->topology.name(m.from).c_str(), (*r)->topology.name(m.to).c_str(), (unsigned long long)n);
  printf("%llu\n", (unsigned long long)perft(p, d));
}
