// A page drawn with poppler's Splash rasterizer, as pdftoppm draws it.
#include "CPopplerText.h"
#include "RPTDocument.h"
#include "RPTSplashOutputDev.h"

#include <Page.h>
#include <SplashOutputDev.h>
#include <splash/SplashBitmap.h>

#include <cmath>
#include <new>

extern "C" {

RPTRenderStatus rpt_page_render_rgb(RPTDocument *document, int index, double scale, int max_side, int64_t max_pixels,
                                    RPTRaster *raster)
{
    *raster = RPTRaster {};
    try {
        Page *page = document->doc->getPage(index + 1);
        if (!page) {
            return RPT_RENDER_NO_PAGE;
        }
        const bool quarter = page->getRotate() == 90 || page->getRotate() == 270;
        // Splash rounds each side to the nearest pixel; rounding up bounds it.
        const double width = std::ceil((quarter ? page->getCropHeight() : page->getCropWidth()) * scale);
        const double height = std::ceil((quarter ? page->getCropWidth() : page->getCropHeight()) * scale);
        if (!(width >= 1 && height >= 1 && width <= max_side && height <= max_side && width * height <= double(max_pixels))) {
            return RPT_RENDER_TOO_LARGE;
        }
        SplashColor white = { 255, 255, 255 };
        // Rows of exactly width × 3 bytes (a row pad of 1), top row first. ICC-tagged images are
        // converted through optimized lcms2 transforms: the same bytes as poppler's, in half the
        // time on a page with a large photograph.
        RPTSplashOutputDev device(splashModeRGB8, 1, false, white, true);
        device.setFontAntialias(true);
        device.setVectorAntialias(true);
        device.startDoc(document->doc.get());
        const double dpi = 72 * scale;
        // The crop box, turned by the page's /Rotate, not for printing: what poppler_page_render draws.
        document->doc->displayPage(&device, index + 1, dpi, dpi, 0, false, true, false);
        SplashBitmap *bitmap = device.takeBitmap();
        if (!bitmap) {
            return RPT_RENDER_FAILED;
        }
        if (bitmap->getWidth() < 1 || bitmap->getHeight() < 1 || bitmap->getRowSize() != bitmap->getWidth() * 3
            || !bitmap->getDataPtr()) {
            delete bitmap;
            return RPT_RENDER_FAILED;
        }
        raster->pixels = bitmap->getDataPtr();
        raster->width = bitmap->getWidth();
        raster->height = bitmap->getHeight();
        raster->owner = bitmap;
        return RPT_RENDER_OK;
    } catch (...) {
        rpt_raster_free(raster);
        return RPT_RENDER_FAILED;
    }
}

void rpt_raster_free(RPTRaster *raster)
{
    delete static_cast<SplashBitmap *>(raster->owner);
    *raster = RPTRaster {};
}

} // extern "C"
