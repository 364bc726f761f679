#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>

/* xmlFree is a global function pointer, which Swift 6 treats as shared mutable state. */
static inline void reader_xml_free(void *pointer) { xmlFree(pointer); }
