#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, and its encoding.h then includes ICU's headers, whose types
   clash with the copy of ICU inside Foundation in any module that sees both. Nothing here uses
   libxml2's ICU converter fields, so the headers are read as if ICU were off. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>

/* xmlFree is a global function pointer, which Swift 6 treats as shared mutable state. */
static inline void reader_xml_free(void *pointer) { xmlFree(pointer); }
