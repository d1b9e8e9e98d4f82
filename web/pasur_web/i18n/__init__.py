"""The page's words in six languages: message catalogs, plurals, digits and numbers."""

from .catalog import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    LTR_ISOLATE,
    PERSIAN_DIGITS,
    POP_ISOLATE,
    RTL_LANGUAGES,
    SINGULAR_ALSO_ZERO,
    Catalog,
    is_singular,
    load_catalog,
    pick_language,
    placeholders,
    split_isolates,
)

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "LTR_ISOLATE", "PERSIAN_DIGITS", "POP_ISOLATE", "RTL_LANGUAGES",
           "SINGULAR_ALSO_ZERO", "Catalog", "is_singular", "load_catalog", "pick_language", "placeholders",
           "split_isolates"]
