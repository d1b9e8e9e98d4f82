"""The page's words in six languages: message catalogs, plurals, digits and numbers."""

from .catalog import (
    DEFAULT_LANGUAGE,
    LANGUAGE_TAG,
    LANGUAGES,
    LTR_ISOLATE,
    PERSIAN_DIGITS,
    POP_ISOLATE,
    RTL_LANGUAGES,
    SINGULAR_ALSO_ZERO,
    Catalog,
    Words,
    is_singular,
    language_of,
    load_catalog,
    placeholders,
    split_isolates,
)

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "LANGUAGE_TAG", "LTR_ISOLATE", "PERSIAN_DIGITS", "POP_ISOLATE",
           "RTL_LANGUAGES", "SINGULAR_ALSO_ZERO", "Catalog", "Words", "is_singular", "language_of", "load_catalog",
           "placeholders", "split_isolates"]
