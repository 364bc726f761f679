// The document behind the C interface's RPTDocument handle, shared by the shim's C++ files.
#ifndef READER_RPTDOCUMENT_H
#define READER_RPTDOCUMENT_H

#include <GlobalParams.h>
#include <PDFDoc.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

struct RPTDocument {
    // Keeps poppler's global parameters alive as long as the document. No error callback of its
    // own: the one poppler-glib installed (its documents are opened first) stays in place.
    GlobalParamsIniter initer { nullptr };
    std::unique_ptr<PDFDoc> doc;
    /// Each font object already looked at, by number, with the name to report when poppler cannot
    /// map it to Unicode (empty when it can): pages share their fonts, so each is made once.
    std::map<std::pair<int, int>, std::string> unmappedFonts;
};

#endif
