"""The exact optimal solve of the main bet (Ante, Blind, Play), the side bets settled on hand
classes, and the Cython kernels they share."""
