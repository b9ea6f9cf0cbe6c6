"""The Textual front end. It holds no rules: it shows the engine's state and prompt and sends actions."""
