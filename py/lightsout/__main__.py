"""`python -m lightsout`: the command line (cli/commands.py), exiting with its status."""

import sys

from .cli.commands import main

sys.exit(main())
