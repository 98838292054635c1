"""``python -m mainmark.cli``: the same command as the ``mainmark`` script."""

from mainmark.cli.main import main

raise SystemExit(main())
