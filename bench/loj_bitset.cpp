// LibreOJ #6243 (Lights Out, n x n, plus rule on a plane) by light chasing and the first-row
// system, with std::bitset: the reference the Python command line is timed against
// (bench/cli_start.py compiles it with g++ -O2).
//
// Light chasing (Anderson and Feil, "Turning Lights Out with Linear Algebra", Math. Magazine
// 71(4), 1998): once the presses of row r are fixed, those of row r+1 are forced (the lights still
// on in row r).  With the first row's presses as n unknowns f, every press is an affine form in f:
// a bitset whose bits 0..n-1 are the coefficients and bit n the constant.  Chasing the forms down
// costs n rows x n cells x one bitset XOR (O(n^3 / w) word operations); the lights left in the last
// row must be off, an n x (n+1) system solved by Gaussian elimination over GF(2), O(n^3 / w).  A
// solution's first row (free unknowns 0) is chased again with plain row bitsets.
//
// Input: n, then n rows of n cells ('#' or '1' lit, anything else dark).  Output: n rows of
// '#' (press) and '.', or "No solution".
#include <bitset>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

template <std::size_t N>
static int solve(int n, const std::vector<std::string>& rows) {
    using Form = std::bitset<N>;  // bits 0..n-1: coefficients of f, bit n: the constant
    std::vector<Form> above(n), current(n), next(n);
    for (int c = 0; c < n; ++c) current[c].set(c);  // row 0 presses = f
    // Chase: the presses of row r+1 clear the lights of row r.
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            Form form = current[c] ^ above[c];
            if (c > 0) form ^= current[c - 1];
            if (c + 1 < n) form ^= current[c + 1];
            if (rows[r][c] == '#' || rows[r][c] == '1') form.flip(n);
            next[c] = form;
        }
        above.swap(current);
        current.swap(next);
    }
    // current = the lights left in the last row as forms: each must be 0.
    std::vector<Form>& system = current;
    std::vector<int> pivot_of_column(n, -1);
    int rank = 0;
    for (int col = 0; col < n && rank < n; ++col) {
        int found = -1;
        for (int i = rank; i < n; ++i)
            if (system[i][col]) { found = i; break; }
        if (found < 0) continue;
        std::swap(system[rank], system[found]);
        for (int i = 0; i < n; ++i)
            if (i != rank && system[i][col]) system[i] ^= system[rank];
        pivot_of_column[col] = rank++;
    }
    for (int i = rank; i < n; ++i)
        if (system[i][n]) { std::puts("No solution"); return 0; }
    // sum_j coef_j f_j + constant = 0  =>  f_pivot = constant (free unknowns 0).
    using Row = std::bitset<N>;
    std::vector<Row> presses(n);
    for (int c = 0; c < n; ++c)
        if (pivot_of_column[c] >= 0 && system[pivot_of_column[c]][n]) presses[0].set(c);
    Row full, lights_above;  // full: the n columns; lights_above: row r's lights after every press
    for (int c = 0; c < n; ++c) full.set(c);
    for (int r = 0; r < n; ++r) {
        Row lit;
        for (int c = 0; c < n; ++c)
            if (rows[r][c] == '#' || rows[r][c] == '1') lit.set(c);
        const Row& p = presses[r];
        lit ^= p ^ (p << 1 & full) ^ (p >> 1);
        if (r > 0) lit ^= presses[r - 1];
        if (r + 1 < n) presses[r + 1] = lit;  // row r+1 presses clear what row r still shows
        lights_above = lit;
    }
    if (lights_above.any()) { std::fputs("internal error: the chase left lights on\n", stderr); return 1; }
    std::string out;
    out.reserve(static_cast<std::size_t>(n) * (n + 1));
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) out += presses[r][c] ? '#' : '.';
        out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

int main() {
    std::ios::sync_with_stdio(false);
    int n;
    if (!(std::cin >> n) || n < 1) { std::fputs("expected n >= 1 on the first line\n", stderr); return 2; }
    std::vector<std::string> rows(n);
    for (auto& row : rows)
        if (!(std::cin >> row) || static_cast<int>(row.size()) != n) { std::fputs("expected n rows of n cells\n", stderr); return 2; }
    if (n < 64) return solve<64>(n, rows);
    if (n < 128) return solve<128>(n, rows);
    if (n < 256) return solve<256>(n, rows);
    if (n < 512) return solve<512>(n, rows);
    if (n < 1024) return solve<1024>(n, rows);
    if (n < 2048) return solve<2048>(n, rows);
    if (n < 4096) return solve<4096>(n, rows);
    std::fputs("n must be below 4096\n", stderr);
    return 2;
}
