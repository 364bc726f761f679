// poppler's Splash output device, with ICC-tagged images converted through optimized transforms.
#ifndef READER_RPTSPLASHOUTPUTDEV_H
#define READER_RPTSPLASHOUTPUTDEV_H

#include <GfxState.h>
#include <SplashOutputDev.h>

#include <memory>
#include <vector>

/// SplashOutputDev drawing an image whose colour space is an RGB or grey ICC profile through
/// lcms2's optimized transform (RPTOptimizedICCColorSpace) instead of poppler's unoptimized one;
/// every other image, and everything else, as SplashOutputDev draws it.
class RPTSplashOutputDev : public SplashOutputDev
{
public:
    using SplashOutputDev::SplashOutputDev;

    /// SplashOutputDev::startDoc, keeping the document's cross-reference table for the colour
    /// maps this device makes.
    void startDoc(PDFDoc *doc);

    void drawImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap,
                   bool interpolate, const int *maskColors, bool inlineImg) override;
    void drawMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap,
                         bool interpolate, Stream *maskStr, int maskWidth, int maskHeight, bool maskInvert,
                         bool maskInterpolate) override;
    void drawSoftMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                             GfxImageColorMap *colorMap, bool interpolate, Stream *maskStr, int maskWidth,
                             int maskHeight, GfxImageColorMap *maskColorMap, bool maskInterpolate) override;

private:
    /// An optimized transform made for a profile (the stream `ref`, or `profile` itself when the
    /// profile has no reference) and a rendering intent.
    struct Transform {
        Ref ref;
        GfxLCMSProfilePtr profile;
        int intent;
        std::shared_ptr<void> transform;
    };

    /// `colorMap` with its colour space replaced by an RPTOptimizedICCColorSpace (same decode
    /// ranges and matte), or nullptr when the image keeps poppler's conversion: not 8 bits per
    /// component, not an RGB or grey ICC profile, a display that is not RGB, or a transform lcms2
    /// cannot make.
    std::unique_ptr<GfxImageColorMap> optimizedColorMap(GfxState *state, GfxImageColorMap *colorMap);

    /// The optimized transform from `profile` (the stream `ref`) to `display` at `intent`, made once
    /// per profile and intent: poppler parses a colour space again each time some pages draw an
    /// image (a new profile object each time), and making a transform costs more than using it
    /// on a small image.
    std::shared_ptr<void> transformFor(Ref ref, const GfxLCMSProfilePtr &profile, const GfxLCMSProfilePtr &display,
                                       int intent);

    XRef *xref = nullptr;
    std::vector<Transform> transforms;
};

#endif
