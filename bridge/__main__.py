"""`python -m bridge` is `word-bridge`."""

from bridge.cli import main

raise SystemExit(main())
