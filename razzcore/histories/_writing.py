"""The one writer of every file razzcore writes (:func:`write_file`): whole
or not at all, through a temporary file renamed over the old one; and the
check of an output before any work (:func:`check_writable`), in the same
words (:func:`~razzcore.errors.file_error`).  Re-exported by
:mod:`razzcore.histories.files`; imported by :mod:`razzcore.histories.phh`
for ``dump`` to a path.
"""

from __future__ import annotations

import contextlib
import errno
import os

from ..errors import RazzError, file_error

__all__ = ["check_writable", "write_file"]


def check_writable(path: str) -> None:
    """Refuse, before any work, a ``path`` that :func:`write_file` could not
    write for want of its folder, or because it names a folder: the same
    error the writer would raise (:func:`~razzcore.errors.file_error`).

    >>> check_writable("/no/such/hands.phhs")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: cannot write '/no/such/hands.phhs': no folder '/no/such'
    >>> check_writable(".")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: cannot write '.': Is a directory
    """
    folder = os.path.dirname(path)
    if folder and not os.path.isdir(folder):
        raise file_error(path, FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT)),
                         write=True)
    if os.path.isdir(path):
        raise file_error(path, IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR)),
                         write=True)


def write_file(path: str | os.PathLike[str], data: str | bytes, *,
               kind: type[RazzError] = RazzError) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to the file at ``path``, whole
    or not at all: through a temporary file in the same folder and a rename,
    so a failure leaves the old file as it was and no temporary file behind.
    The file keeps the mode of the one it replaces (a new one: the umask's);
    through a symbolic link, the file linked to is replaced; a device or a
    pipe (``/dev/null``) is written in place.  The one writer of every file
    razzcore writes; a file that cannot be written is a
    :class:`~razzcore.errors.RazzError` naming it and the reason
    (:func:`~razzcore.errors.file_error`), raised as ``kind`` (a reader's and
    writer's own error class).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "page.html")
    >>> write_file(path, "<html>")
    >>> open(path).read(), os.listdir(os.path.dirname(path))
    ('<html>', ['page.html'])
    >>> write_file("/no/such/folder/page.html", "<html>")
    Traceback (most recent call last):
    ...
    razzcore.errors.RazzError: cannot write '/no/such/folder/page.html': no folder '/no/such/folder'
    """
    import stat
    import tempfile

    name = os.fspath(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = os.path.realpath(name)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        try:  # a device or a pipe: nothing to replace
            with open(target, "wb") as fp:
                fp.write(raw)
        except OSError as exc:
            raise file_error(name, exc, write=True, kind=kind) from None
        return
    try:
        fd, temp = tempfile.mkstemp(prefix=".razzcore-", suffix=".tmp",
                                    dir=os.path.dirname(target))
    except OSError as exc:  # named by the file, not by the temporary one
        raise file_error(name, exc, write=True, kind=kind) from None
    try:
        with os.fdopen(fd, "wb") as fp:
            fp.write(raw)
        if mode is not None and stat.S_ISREG(mode):
            os.chmod(temp, stat.S_IMODE(mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise file_error(name, exc, write=True, kind=kind) from None
        raise
