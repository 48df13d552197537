"""One module of pure rules per game that needs more than a score sheet, named after its slug."""
