//! The logistic regression the evaluation fits (`combo_fit`, `teacher_fit`) share: features to
//! a win probability, fitted by Adam on the cross-entropy to a target probability per sample.

use super::adam::Adam;

/// One position: its features, the probability the model is fitted to, and a fixed part of
/// the model's logit (zero, or what weights held fixed contribute).
#[derive(Clone)]
pub struct Sample {
    pub x: Vec<f64>,
    pub target: f64,
    pub offset: f64,
}

pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Fits a logistic model on the first `dims` features of `train` to their targets; returns
/// the raw weights (the features are scaled to unit size while fitting, then scaled back).
pub fn fit(train: &[Sample], dims: usize) -> Vec<f64> {
    let n = train.len() as f64;
    let mut scale = vec![0.0; dims];
    for s in train {
        for (v, x) in scale.iter_mut().zip(&s.x) {
            *v += x * x;
        }
    }
    for v in scale.iter_mut() {
        *v = (*v / n).sqrt().max(1e-9);
    }
    let mut w = vec![0.0; dims];
    let mut adam = Adam::new(dims);
    for _ in 0..3000 {
        let mut grad = vec![0.0; dims];
        for s in train {
            let z: f64 = s.offset + (0..dims).map(|j| w[j] * s.x[j] / scale[j]).sum::<f64>();
            let e = sigmoid(z) - s.target;
            for j in 0..dims {
                grad[j] += e * s.x[j] / scale[j];
            }
        }
        adam.step(&mut w, &grad, n);
    }
    (0..dims).map(|j| w[j] / scale[j]).collect()
}

/// Mean cross-entropy of the weights `w` (missing ones count as zero) against the targets.
pub fn loss(samples: &[Sample], w: &[f64]) -> f64 {
    samples
        .iter()
        .map(|s| {
            let t = s.target;
            let z: f64 = s.offset + w.iter().zip(&s.x).map(|(a, b)| a * b).sum::<f64>();
            let p = sigmoid(z).clamp(1e-9, 1.0 - 1e-9);
            -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / samples.len() as f64
}

/// Every fifth sample held out: (training, held-out).
pub fn split(samples: Vec<Sample>) -> (Vec<Sample>, Vec<Sample>) {
    let (test, train): (Vec<_>, Vec<_>) = samples
        .into_iter()
        .enumerate()
        .partition(|(k, _)| k % 5 == 0);
    (
        train.into_iter().map(|(_, s)| s).collect(),
        test.into_iter().map(|(_, s)| s).collect(),
    )
}
