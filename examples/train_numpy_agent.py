"""Train a small razz agent with numpy alone, heads-up against RandomPlayer.

The agent is a linear softmax policy over razzcore's observation tensor
(:func:`razzcore.envs.encode`), restricted to the legal actions by the
action mask, trained with REINFORCE (policy gradient with a running-mean
baseline) on :class:`razzcore.envs.GymEnv` - one hand per episode, the
reward in big bets.  It saves the learning curve (mean big bets won per hand,
per batch of hands) as a PNG and prints the final evaluation.

Needs the ``rl`` and ``plot`` extras (numpy, gymnasium, pettingzoo, matplotlib)::

    python examples/train_numpy_agent.py --hands 10000 --out learning_curve.png

``--save agent.npz`` also keeps the trained weights; ``examples/numpy_agent.py``
seats them at a table as a :class:`razzcore.envs.AgentPlayer` (``razzcore play
--lineup numpy_agent:load`` from the ``examples`` folder).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from razzcore.envs import GymEnv, observation_size


class LinearPolicy:
    """Masked softmax over ``W @ obs + b`` for the three actions."""

    def __init__(self, size: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((3, size))
        self.b = np.zeros(3)
        self.rng = rng

    def probs(self, obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        logits = self.w @ obs + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum())

    def act(
        self, obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any], greedy: bool = False
    ) -> int:
        p = self.probs(obs, mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(3, p=p))


def play(env: GymEnv, policy: LinearPolicy, greedy: bool = False) -> tuple[float, list[Any]]:
    """One hand: (reward in big bets, [(obs, mask, action), ...])."""
    obs, info = env.reset()
    steps = []
    while True:
        mask = info["action_mask"]
        action = policy.act(obs, mask, greedy)
        steps.append((obs, mask, action))
        obs, reward, done, _, info = env.step(action)
        if done:
            return float(reward), steps


def train(hands: int, batch: int, lr: float, seed: int) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE; returns the policy and the mean reward of every batch."""
    env = GymEnv(players=2, opponent="random")
    env.reset(seed=seed)
    policy = LinearPolicy(observation_size(2), np.random.default_rng(seed))
    curve: list[float] = []
    baseline = 0.0
    for _ in range(hands // batch):
        gw = np.zeros_like(policy.w)
        gb = np.zeros_like(policy.b)
        rewards = []
        for _ in range(batch):
            reward, steps = play(env, policy)
            rewards.append(reward)
            advantage = reward - baseline
            for obs, mask, action in steps:
                grad = -policy.probs(obs, mask)
                grad[action] += 1.0  # d log pi(action) / d logits
                gw += advantage * np.outer(grad, obs)
                gb += advantage * grad
        baseline = 0.9 * baseline + 0.1 * float(np.mean(rewards))
        policy.w += lr * gw / batch
        policy.b += lr * gb / batch
        curve.append(float(np.mean(rewards)))
    return policy, curve


def evaluate(policy: LinearPolicy, hands: int, seed: int) -> tuple[float, float]:
    """Mean big bets per hand of the greedy policy and its standard error."""
    env = GymEnv(players=2, opponent="random")
    env.reset(seed=seed)
    results = np.array([play(env, policy, greedy=True)[0] for _ in range(hands)])
    return float(results.mean()), float(results.std(ddof=1) / np.sqrt(hands))


def main(argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10000, help="training hands")
    parser.add_argument("--batch", type=int, default=200, help="hands per update")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--eval-hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="learning_curve.png", help="the PNG to write")
    parser.add_argument("--save", default=None, help="write the trained weights (.npz) here")
    args = parser.parse_args(argv)

    policy, curve = train(args.hands, args.batch, args.lr, args.seed)
    if args.save:
        np.savez(args.save, w=policy.w, b=policy.b)
        print(f"weights written to {args.save}")
    mean, stderr = evaluate(policy, args.eval_hands, args.seed + 1)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = np.arange(1, len(curve) + 1) * args.batch
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(x, curve, lw=1, alpha=0.5, label="mean per batch")
    if len(curve) >= 5:
        smooth = np.convolve(curve, np.ones(5) / 5, mode="valid")
        ax.plot(x[4:], smooth, lw=2, label="moving average (5 batches)")
    ax.axhline(0.0, color="gray", lw=1, ls="--", label="break-even")
    ax.set_xlabel("training hands")
    ax.set_ylabel("big bets won per hand")
    ax.set_title(f"vs RandomPlayer, heads-up: greedy {mean:+.2f} ± {stderr:.2f} bb/hand")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"first batch {curve[0]:+.3f} bb/hand, last batch {curve[-1]:+.3f} bb/hand")
    print(f"greedy policy over {args.eval_hands} hands: {mean:+.3f} ± {stderr:.3f} big bets/hand")
    print(f"learning curve written to {args.out}")
    return mean


if __name__ == "__main__":
    main()
