//! Adam, the gradient step every tuning example (`texel`, `order_fit`, and through
//! `logistic.rs` `combo_fit` and `teacher_fit`) fits its weights with:
//! one place for its moment estimates and rates, so the fits step alike.

/// Adam's running first and second moments of each weight's gradient.
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
}

impl Adam {
    /// Step size in the weights' units (Adam's steps barely depend on the gradient's scale).
    const RATE: f64 = 0.02;

    /// Moments at zero for `dims` weights.
    pub fn new(dims: usize) -> Adam {
        Adam {
            m: vec![0.0; dims],
            v: vec![0.0; dims],
        }
    }

    /// One step of `w` against `grad`, the gradient summed over `n` samples.
    pub fn step(&mut self, w: &mut [f64], grad: &[f64], n: f64) {
        for j in 0..w.len() {
            let g = grad[j] / n;
            self.m[j] = 0.9 * self.m[j] + 0.1 * g;
            self.v[j] = 0.999 * self.v[j] + 0.001 * g * g;
            w[j] -= Self::RATE * self.m[j] / (self.v[j].sqrt() + 1e-8);
        }
    }
}
