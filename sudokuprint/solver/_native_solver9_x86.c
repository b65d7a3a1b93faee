/* The 9x9 engine once more, compiled for x86-64 CPUs with popcnt, BMI1/2 and
 * AVX2 (GCC only: its target pragma also sets the feature macros such as
 * __POPCNT__).  _native_solver9.c's solve9() calls it when the CPU has them. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC target("popcnt,bmi,bmi2,avx2")
#define SOLVE9_VARIANT 1
#define SOLVE9_SEARCH solve9_x86_avx2
#include "_native_solver9.c"
#else
typedef int solve9_x86_not_built; /* ISO C wants something in a translation unit */
#endif
