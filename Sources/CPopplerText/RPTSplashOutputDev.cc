#include "RPTSplashOutputDev.h"
#include "RPTOptimizedICCColorSpace.h"

#include <Array.h>
#include <PDFDoc.h>

#include <lcms2.h>

void RPTSplashOutputDev::startDoc(PDFDoc *doc)
{
    xref = doc->getXRef();
    SplashOutputDev::startDoc(doc);
}

void RPTSplashOutputDev::drawImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                                   GfxImageColorMap *colorMap, bool interpolate, const int *maskColors, bool inlineImg)
{
    auto optimized = optimizedColorMap(state, colorMap);
    SplashOutputDev::drawImage(state, ref, str, width, height, optimized ? optimized.get() : colorMap, interpolate,
                               maskColors, inlineImg);
}

void RPTSplashOutputDev::drawMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                                         GfxImageColorMap *colorMap, bool interpolate, Stream *maskStr, int maskWidth,
                                         int maskHeight, bool maskInvert, bool maskInterpolate)
{
    auto optimized = optimizedColorMap(state, colorMap);
    SplashOutputDev::drawMaskedImage(state, ref, str, width, height, optimized ? optimized.get() : colorMap,
                                     interpolate, maskStr, maskWidth, maskHeight, maskInvert, maskInterpolate);
}

void RPTSplashOutputDev::drawSoftMaskedImage(GfxState *state, Object *ref, Stream *str, int width, int height,
                                             GfxImageColorMap *colorMap, bool interpolate, Stream *maskStr,
                                             int maskWidth, int maskHeight, GfxImageColorMap *maskColorMap,
                                             bool maskInterpolate)
{
    auto optimized = optimizedColorMap(state, colorMap);
    SplashOutputDev::drawSoftMaskedImage(state, ref, str, width, height, optimized ? optimized.get() : colorMap,
                                         interpolate, maskStr, maskWidth, maskHeight, maskColorMap, maskInterpolate);
}

std::unique_ptr<GfxImageColorMap> RPTSplashOutputDev::optimizedColorMap(GfxState *state, GfxImageColorMap *colorMap)
{
    GfxColorSpace *space = colorMap->getColorSpace();
    if (!xref || colorMap->getBits() != 8 || space->getMode() != csICCBased) {
        return nullptr;
    }
    auto *icc = static_cast<GfxICCBasedColorSpace *>(space);
    GfxLCMSProfilePtr profile = icc->getProfile();
    GfxLCMSProfilePtr display = state->getDisplayProfile() ? state->getDisplayProfile() : GfxState::sRGBProfile;
    if (!profile || !display || cmsGetColorSpace(display.get()) != cmsSigRgbData) {
        return nullptr;
    }
    const cmsColorSpaceSignature source = cmsGetColorSpace(profile.get());
    const int components = icc->getNComps();
    if (!((source == cmsSigRgbData && components == 3) || (source == cmsSigGrayData && components == 1))) {
        return nullptr;
    }
    std::shared_ptr<void> transform = transformFor(icc->getRef(), profile, display, state->getCmsRenderingIntent());
    if (!transform) {
        return nullptr;
    }
    // The original map's decode ranges, written out: the new space has no /Range of its own.
    Object decode(new Array(xref));
    for (int i = 0; i < components; ++i) {
        decode.arrayAdd(Object(colorMap->getDecodeLow(i)));
        decode.arrayAdd(Object(colorMap->getDecodeHigh(i)));
    }
    auto optimized = std::make_unique<GfxImageColorMap>(8, &decode, new RPTOptimizedICCColorSpace(icc, transform));
    if (!optimized->isOk()) {
        return nullptr;
    }
    if (const GfxColor *matte = colorMap->getMatteColor()) {
        optimized->setMatteColor(matte);
    }
    return optimized;
}

std::shared_ptr<void> RPTSplashOutputDev::transformFor(Ref ref, const GfxLCMSProfilePtr &profile,
                                                       const GfxLCMSProfilePtr &display, int intent)
{
    for (const Transform &made : transforms) {
        const bool sameProfile = ref != Ref::INVALID() ? made.ref == ref : made.profile == profile;
        if (sameProfile && made.intent == intent) {
            return made.transform;
        }
    }
    const cmsUInt32Number input = cmsGetColorSpace(profile.get()) == cmsSigGrayData ? TYPE_GRAY_8 : TYPE_RGB_8;
    // poppler's flags (black point compensation) without cmsFLAGS_NOOPTIMIZE.
    cmsHTRANSFORM made = cmsCreateTransform(profile.get(), input, display.get(), TYPE_RGB_8, cmsUInt32Number(intent),
                                            cmsFLAGS_BLACKPOINTCOMPENSATION);
    if (!made) {
        return nullptr;
    }
    std::shared_ptr<void> transform(made, [](void *handle) { cmsDeleteTransform(static_cast<cmsHTRANSFORM>(handle)); });
    transforms.push_back(Transform { ref, profile, intent, transform });
    return transform;
}
