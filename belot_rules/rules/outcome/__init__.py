"""A deal's outcome as a scorekeeper types it (``belot score``): read and checked (``parse``, ``sizes``,
``short``, ``trump``), its tricks played again (``tricks``) and its revokes (``revokes``).
"""
