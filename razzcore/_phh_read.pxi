# Included by _core.pyx: the compiled reader of PHH text, the TOML that
# razzcore writes (src/razz_phh_read.h); razzcore/histories/_phh_toml.py
# reads everything else with tomllib.

cdef extern from "razz_phh_read.h":
    object rz_phh_read(object text, object time_type)


def _read_phh_toml(str text, time_type):
    """What :func:`tomllib.loads` returns for ``text`` when it is in the
    TOML subset razzcore writes (``src/razz_phh_read.h`` lists it), else
    ``None`` (read it with :mod:`tomllib`).  ``time_type`` is
    :class:`datetime.time`, the type of a local time.

    >>> import datetime
    >>> _read_phh_toml("antes = [1, 1]\\n_x = {a = true}\\n", datetime.time)
    {'antes': [1, 1], '_x': {'a': True}}
    >>> _read_phh_toml("antes = [1, 1] # a comment", datetime.time) is None
    True
    """
    return rz_phh_read(text, time_type)
