// poppler's core library (C++). Only CPopplerText includes its headers; this target exists to give
// it poppler's include path and link flags through pkg-config.
#include <poppler-config.h>
