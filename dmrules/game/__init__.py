"""The game itself: its vocabulary, abilities, events, cards, situations and outcomes, the model
every layer shares. It imports nothing else of dmrules."""
