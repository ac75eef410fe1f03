/** Solves A x = b for a symmetric positive-definite A (row-major, n×n) by Cholesky; null when A is not positive definite. */
export function solveSpd(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * n + j];
      for (let k = 0; k < j; k++) s -= L[i * n + k] * L[j * n + k];
      if (i === j) {
        if (!(s > 0)) return null;
        L[i * n + i] = Math.sqrt(s);
      } else L[i * n + j] = s / L[j * n + j];
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= L[i * n + k] * y[k];
    y[i] = s / L[i * n + i];
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < n; k++) s -= L[k * n + i] * x[k];
    x[i] = s / L[i * n + i];
  }
  return x;
}

/** The inverse of a symmetric positive-definite A (row-major, n×n) by one Cholesky factorization; null when A is not positive definite. */
export function inverseSpd(A: Float64Array, n: number): Float64Array | null {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * n + j];
      for (let k = 0; k < j; k++) s -= L[i * n + k] * L[j * n + k];
      if (i === j) {
        if (!(s > 0)) return null;
        L[i * n + i] = Math.sqrt(s);
      } else L[i * n + j] = s / L[j * n + j];
    }
  }
  // L⁻¹ (lower triangular), then A⁻¹ = L⁻ᵀ L⁻¹.
  const M = new Float64Array(n * n);
  for (let c = 0; c < n; c++) {
    M[c * n + c] = 1 / L[c * n + c];
    for (let i = c + 1; i < n; i++) {
      let s = 0;
      for (let k = c; k < i; k++) s -= L[i * n + k] * M[k * n + c];
      M[i * n + c] = s / L[i * n + i];
    }
  }
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < n; k++) s += M[k * n + i] * M[k * n + j];
      inv[i * n + j] = inv[j * n + i] = s;
    }
  return inv;
}
